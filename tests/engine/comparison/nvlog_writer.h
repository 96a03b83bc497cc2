// Test data: a session printed as nvFuser would log it, in each format era the reader accepts.
#pragma once

#include <string>

#include "pipeline/session.h"

namespace segscope::testing {

/// The format eras of nvFuser's dumps (tests/data/nvlog/README.md):
///  - Era2024: TensorViews without dtype (`T1_g[ iS2{i0} ]`), `, float` on input lines, `g{…}`
///    group lines and three-line edges (before #2889 and 2024-08-16).
///  - Era2025: `T1_l_float[iS2{i0}]`, `<scheduler>{…}` group lines, `group id:`, `%kernel_math`.
///  - Era2026: as 2025 plus pre_segmenter_logging (a printout per pass) and `%kernel` with a
///    TransformPrinter for the re-written complete fusion.
enum class LogEra { Era2024, Era2025, Era2026 };

const char* eraName(LogEra era);

/// What nvFuser's NVFUSER_DUMP=[pre_segmenter_logging,]segmenter_logging,segmented_fusion would
/// print for `session`, written from the printing code (csrc/fusion_segmenter.cpp
/// SegmentedFusion::print / detailGroupPrint, csrc/scheduler/debug_utils.h, csrc/preseg_passes/
/// optimization_pass.h, the IR printers). The verdicts and groups are the session's own: the
/// test that reads it back checks the reader and the alignment, not the model.
std::string writeNvLog(const pipeline::Session& session, LogEra era);

}  // namespace segscope::testing
