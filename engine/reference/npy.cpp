// .npy encoding and decoding of HostTensors (NEP 1 format, version 1.0 written, 1-3 read).
#include "reference/npy.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <sstream>

namespace segscope::exec {

static_assert(std::endian::native == std::endian::little, "the .npy files are written little-endian");

using ir::DataType;

std::string npyDescr(DataType dtype) {
  switch (dtype) {
    case DataType::Bool: return "|b1";
    case DataType::Int:
    case DataType::Index: return "<i8";
    case DataType::Int32: return "<i4";
    case DataType::UInt64: return "<u8";
    case DataType::Half: return "<f2";
    case DataType::BFloat16: return "<u2";
    case DataType::Float: return "<f4";
    case DataType::Double: return "<f8";
    case DataType::ComplexFloat: return "<c8";
    case DataType::ComplexDouble: return "<c16";
    default: return "|u1";  // Float8 / Float4 bits
  }
}

namespace {

std::optional<DataType> dtypeOfDescr(const std::string& descr, DataType rawByteType) {
  if (descr == "|b1") return DataType::Bool;
  if (descr == "<i8") return DataType::Int;
  if (descr == "<i4") return DataType::Int32;
  if (descr == "<u8") return DataType::UInt64;
  if (descr == "<f2") return DataType::Half;
  if (descr == "<u2" || descr == "<V2") return DataType::BFloat16;
  if (descr == "<f4") return DataType::Float;
  if (descr == "<f8") return DataType::Double;
  if (descr == "<c8") return DataType::ComplexFloat;
  if (descr == "<c16") return DataType::ComplexDouble;
  if (descr == "|u1") return rawByteType;
  return std::nullopt;
}

std::string shapeTuple(const std::vector<std::int64_t>& sizes) {
  std::string s = "(";
  for (std::int64_t d : sizes) s += std::to_string(d) + ",";
  if (sizes.size() > 1) s.pop_back();
  return s + ")";
}

// The value of `'key': VALUE` in the header dict, VALUE ending before `,` or `}` at depth 0.
std::optional<std::string> headerField(const std::string& header, const std::string& key) {
  const std::size_t at = header.find("'" + key + "'");
  if (at == std::string::npos) return std::nullopt;
  std::size_t pos = header.find(':', at);
  if (pos == std::string::npos) return std::nullopt;
  ++pos;
  int depth = 0;
  std::string value;
  for (; pos < header.size(); ++pos) {
    const char c = header[pos];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth == 0 && (c == ',' || c == '}')) break;
    value += c;
  }
  const std::size_t first = value.find_first_not_of(" ");
  const std::size_t last = value.find_last_not_of(" ");
  return first == std::string::npos ? std::string() : value.substr(first, last - first + 1);
}

Result<std::vector<std::int64_t>> parseShape(const std::string& text) {
  if (text.size() < 2 || text.front() != '(' || text.back() != ')') return makeError("npy: bad shape " + text);
  std::vector<std::int64_t> sizes;
  std::stringstream in(text.substr(1, text.size() - 2));
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.find_first_not_of(" L") == std::string::npos) continue;
    try {
      sizes.push_back(std::stoll(item));
    } catch (const std::exception&) {
      return makeError("npy: bad shape " + text);
    }
    if (sizes.back() < 0) return makeError("npy: negative extent in " + text);
  }
  return sizes;
}

std::string unquote(const std::string& s) {
  return s.size() >= 2 && (s.front() == '\'' || s.front() == '"') ? s.substr(1, s.size() - 2) : s;
}

}  // namespace

std::string encodeNpy(const HostTensor& tensor) {
  std::string header = "{'descr': '" + npyDescr(tensor.dtype()) +
                       "', 'fortran_order': False, 'shape': " + shapeTuple(tensor.sizes()) + ", }";
  // Magic (6) + version (2) + length (2) + header + '\n' is a multiple of 64.
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>((header.size() >> 8) & 0xff);
  out += header;
  const auto element = static_cast<std::size_t>(ir::byteSize(tensor.dtype()));
  const char* data = reinterpret_cast<const char*>(tensor.bytes().data());
  if (tensor.isContiguous()) {
    out.append(data, static_cast<std::size_t>(tensor.numel()) * element);
    return out;
  }
  out.reserve(out.size() + static_cast<std::size_t>(tensor.numel()) * element);
  for (std::int64_t i = 0; i < tensor.numel(); ++i)
    out.append(data + static_cast<std::size_t>(tensor.storageOffset(i)) * element, element);
  return out;
}

Result<HostTensor> decodeNpy(std::string_view bytes, DataType rawByteType) {
  if (bytes.size() < 10 || bytes.substr(0, 6) != std::string_view("\x93NUMPY", 6))
    return makeError("npy: not a .npy file");
  const auto major = static_cast<unsigned char>(bytes[6]);
  const auto byteAt = [&](std::size_t i) { return static_cast<std::size_t>(static_cast<unsigned char>(bytes[i])); };
  std::size_t length = 0, start = 0;
  if (major == 1) {
    length = byteAt(8) | byteAt(9) << 8;
    start = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) return makeError("npy: truncated header");
    length = byteAt(8) | byteAt(9) << 8 | byteAt(10) << 16 | byteAt(11) << 24;
    start = 12;
  } else {
    return makeError("npy: unsupported format version " + std::to_string(major));
  }
  if (bytes.size() < start + length) return makeError("npy: truncated header");
  const std::string header(bytes.substr(start, length));
  const auto descr = headerField(header, "descr");
  const auto order = headerField(header, "fortran_order");
  const auto shapeText = headerField(header, "shape");
  if (!descr || !order || !shapeText) return makeError("npy: header lacks descr, fortran_order or shape");
  if (*order != "False") return makeError("npy: Fortran-order arrays are not supported");
  const auto dtype = dtypeOfDescr(unquote(*descr), rawByteType);
  if (!dtype) return makeError("npy: unsupported dtype " + *descr);
  SEGSCOPE_TRY(auto sizes, parseShape(*shapeText));
  HostTensor t(*dtype, sizes);
  const std::size_t payload = t.bytes().size();
  if (bytes.size() - start - length < payload) return makeError("npy: the file holds fewer elements than its shape");
  if (payload) std::memcpy(t.bytes().data(), bytes.data() + start + length, payload);
  return t;
}

Result<HostTensor> readNpyFile(const std::string& path, DataType rawByteType) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return makeError("cannot read " + path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  auto t = decodeNpy(buffer.str(), rawByteType);
  if (!t) return makeError(path + ": " + t.error().message);
  return t;
}

}  // namespace segscope::exec
