#!/usr/bin/env python3
"""Writes a man page from a program's --help text (read from stdin), so that the page never
says something --help does not.

    segscope-cli --help | python3 scripts/man_page.py segscope-cli "fusion segmentation from the command line" 0.1.0 > segscope-cli.1
"""
import sys


def roff_line(line):
    # A backslash is roff's escape; a leading dot or quote would start a request.
    line = line.replace("\\", "\\e")
    return "\\&" + line if line.startswith((".", "'")) else line


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    name, summary, version = argv[1], argv[2], argv[3]
    help_text = sys.stdin.read().rstrip("\n").splitlines()
    if not help_text:
        print(f"man_page.py: no --help text for {name} on stdin", file=sys.stderr)
        return 1
    out = [
        f'.TH {name.upper()} 1 "" "segscope {version}" "User Commands"',
        ".SH NAME",
        f"{roff_line(name)} \\- {roff_line(summary)}",
        ".SH DESCRIPTION",
        "What \\fB" + roff_line(name) + " \\-\\-help\\fR prints:",
        ".PP",
        ".nf",
        *[roff_line(line) for line in help_text],
        ".fi",
        ".SH SEE ALSO",
        "The README and docs/ of the Segscope sources.",
    ]
    sys.stdout.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
