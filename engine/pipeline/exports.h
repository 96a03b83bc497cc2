// What a session writes out for other tools: the script back, one runnable script per segment,
// and the fusion as a PyTorch module with the data that checks it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/script.h"
#include "frontend/torch_writer.h"
#include "pipeline/session.h"
#include "segmenter/segment_export.h"

namespace segscope::pipeline {

/// The script's fusion written back as a definition script, its header kept (`segscope-cli script`).
std::string definitionScript(const frontend::Script& script);

/// One runnable script per final segment, with where each input comes from and each output
/// goes in the whole fusion (`export-segments`). Intermediates get the sizes the session's
/// inputs imply. An error for a session without a segmentation.
Result<std::vector<segmenter::SegmentExport>> exportSegments(const Session& session);

/// The script's fusion as a PyTorch module (`export-torch`); an error names an op PyTorch
/// cannot express.
using TorchModule = frontend::TorchModule;
using TorchWriteOptions = frontend::TorchWriteOptions;
Result<TorchModule> torchModule(const frontend::Script& script, const TorchWriteOptions& options);

/// Into `dir` (made if missing): the inputs `run` generates for `seed`, the CPU reference's
/// outputs with their per-element error bounds as .npy files, and manifest.json naming each
/// with its dtype, shape and tolerance, so that `module` run by PyTorch can be checked.
Status writeTorchData(const std::string& dir, const frontend::Script& script, std::uint64_t seed,
                      const TorchModule& module, const std::string& source);

}  // namespace segscope::pipeline
