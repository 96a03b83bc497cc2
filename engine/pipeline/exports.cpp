// The script, segment scripts and PyTorch module a session writes out (the data that goes
// with the module is torch_data.cpp's).
#include "pipeline/exports.h"

#include "frontend/writer.h"

namespace segscope::pipeline {

std::string definitionScript(const frontend::Script& script) {
  frontend::WriteOptions options;
  options.header = script.header;
  return frontend::writeScript(*script.fusion, script.inputs, options);
}

Result<std::vector<segmenter::SegmentExport>> exportSegments(const Session& session) {
  if (!session.segmentation) return makeError("the session has no segmentation to export");
  segmenter::ExportOptions options;
  options.fusionInputs = &session.script.inputs;
  return segmenter::exportAllSegments(session.segmentation->segmentation, options);
}

Result<TorchModule> torchModule(const frontend::Script& script, const TorchWriteOptions& options) {
  return frontend::writeTorchModule(*script.fusion, options);
}

}  // namespace segscope::pipeline
