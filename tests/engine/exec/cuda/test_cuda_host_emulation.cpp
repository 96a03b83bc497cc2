// Semantic check of generated kernels without a GPU: each sample's (and golden case's) kernels are compiled as
// host C++ (CUDA built-ins emulated so one block of one thread runs every grid-stride and
// reduction loop), called with the kernel-parameter packing cuLaunchKernel uses, and their
// outputs compared with the CPU reference's values of the same vals.
#include <dlfcn.h>

#include <QtTest>
#include <deque>

#include "cuda_test_support.h"
#include "exec/cpu_reference.h"
#include "exec/cuda/codegen/prelude.h"
#include "exec/input_generator.h"
#include "exec/verify.h"
#include "host_emulation_support.h"
#include "test_files.h"

using namespace segscope;

namespace {

using HostEntry = void (*)(void**);

struct Library {
  void* handle = nullptr;
  ~Library() {
    if (handle) dlclose(handle);
  }
};

// Parameters in cuLaunchKernel's layout: one pointer per parameter to its value.
struct Params {
  std::deque<void*> pointers;
  std::deque<long long> ints;
  std::deque<double> doubles;
  std::deque<bool> bools;
  std::vector<void*> packed;
  void tensor(exec::HostTensor& t) {
    pointers.push_back(t.bytes().data());
    packed.push_back(&pointers.back());
    for (std::int64_t s : t.strides()) {
      ints.push_back(s);
      packed.push_back(&ints.back());
    }
  }
  void scalar(const ir::ScalarValue& v, const std::string& type) {
    const double d = ir::scalarAsDouble(v);
    if (type == "double") {
      doubles.push_back(d);
      packed.push_back(&doubles.back());
    } else if (type == "bool") {
      bools.push_back(d != 0.0);
      packed.push_back(&bools.back());
    } else {
      ints.push_back(std::holds_alternative<std::int64_t>(v) ? std::get<std::int64_t>(v) : static_cast<long long>(d));
      packed.push_back(&ints.back());
    }
  }
};

}  // namespace

class TestCudaHostEmulation : public QObject {
  Q_OBJECT

 private slots:
  void samplesMatchTheReference_data() {
    QTest::addColumn<QString>("file");
    QStringList files = testing::sampleFiles();
    QDir golden(QString(SEGSCOPE_TEST_DATA_DIR) + "/engine/exec/cuda/golden");
    for (const QString& f : golden.entryList({"*.py"}, QDir::Files, QDir::Name)) files << golden.filePath(f);
    for (const QString& f : files) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
  }

  void samplesMatchTheReference() {
    QFETCH(QString, file);
    const testing::ScriptPlans plans = testing::planScript(file.toStdString());
    QVERIFY2(plans.error.empty(), plans.error.c_str());
    std::string source = exec::cuda::codegen::prelude();
    int kernels = 0;
    for (const testing::SegmentPlan& p : plans.segments) {
      QVERIFY(p.plan.ok());
      for (const exec::cuda::Kernel& k : p.plan->kernels) {
        source += k.source.substr(exec::cuda::codegen::prelude().size()) + testing::hostWrapper(k);
        ++kernels;
      }
    }
    if (kernels == 0) QSKIP("no kernels in this sample");
    // Compile all kernels of the sample as one host shared library.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString cpp = dir.filePath("kernels.cpp"), so = dir.filePath("kernels.so");
    {
      QFile f(cpp);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(testing::kHostEmulationHeader);
      f.write(QByteArray::fromStdString(source));
    }
    QProcess cxx;
    // Float compute, as on the GPU: one thread's serial float sums are the longest rounding
    // chains the kernels can build, and the reference's error bounds must cover them.
    // SEGSCOPE_EMULATE_DOUBLE=1 widens the compute type (to tell a precision problem from
    // an indexing one).
    QStringList args{"-std=c++17", "-O1", "-w", "-shared", "-fPIC", "-o", so, cpp};
    if (qEnvironmentVariableIsSet("SEGSCOPE_EMULATE_DOUBLE")) args << "-DSG_COMPUTE_DOUBLE";
    cxx.start(SEGSCOPE_HOST_CXX, args);
    QVERIFY(cxx.waitForFinished(300000));
    QVERIFY2(cxx.exitCode() == 0, cxx.readAllStandardError().left(4000).constData());
    Library lib;
    lib.handle = dlopen(so.toUtf8().constData(), RTLD_NOW | RTLD_LOCAL);
    QVERIFY2(lib.handle, dlerror());

    // The reference's value of every val of the segmented fusion.
    const ir::Fusion& fusion = *plans.segmented->segmentation.fusion;
    auto inputs = exec::makeInputs(plans.script->inputs, 5);
    QVERIFY2(inputs.ok(), inputs.ok() ? "" : inputs.error().message.c_str());
    auto reference = exec::runReferenceAllBounded(fusion, inputs.value());
    QVERIFY2(reference.ok(), reference.ok() ? "" : reference.error().message.c_str());
    const exec::ValueMap* all = &reference->values;

    int compared = 0;
    for (const testing::SegmentPlan& p : plans.segments) {
      std::map<int, exec::HostTensor> produced;  // outputs and temps of this segment
      for (const exec::cuda::Kernel& k : p.plan->kernels) {
        Params params;
        std::vector<exec::HostTensor> inputCopies;
        inputCopies.reserve(k.args.size());
        for (const exec::cuda::KernelArg& a : k.args) {
          if (!a.isTensor()) continue;
          if (a.kind == exec::cuda::KernelArg::Kind::Input) {
            auto it = all->find(a.valId);
            QVERIFY2(it != all->end(), qPrintable(QString("no reference value for val %1").arg(a.valId)));
            inputCopies.push_back(std::get<exec::HostTensor>(it->second));
            params.tensor(inputCopies.back());
          } else {
            auto [it, fresh] = produced.try_emplace(a.valId, a.dtype, a.sizes);
            (void)fresh;
            params.tensor(it->second);
          }
        }
        for (const exec::cuda::KernelArg& a : k.args) {
          if (a.isTensor()) continue;
          auto it = all->find(a.valId);
          QVERIFY2(it != all->end(), qPrintable(QString("no reference value for scalar %1").arg(a.valId)));
          params.scalar(std::get<ir::ScalarValue>(it->second), exec::cuda::codegen::scalarParamType(a.dtype));
        }
        auto entry = reinterpret_cast<HostEntry>(dlsym(lib.handle, (k.name + "_host").c_str()));
        QVERIFY2(entry, k.name.c_str());
        entry(params.packed.data());
      }
      for (const exec::cuda::Kernel& k : p.plan->kernels)
        for (const exec::cuda::KernelArg& a : k.args) {
          if (a.kind != exec::cuda::KernelArg::Kind::Output) continue;
          const auto bound = reference->bounds.find(a.valId);
          const exec::Comparison c =
              exec::compareValues(all->at(a.valId), produced.at(a.valId),
                                  bound == reference->bounds.end() ? std::vector<double>{} : bound->second);
          QVERIFY2(c.ok, qPrintable(QString("%1 segment %2 (%3) val %4: %5")
                                        .arg(file)
                                        .arg(p.segment)
                                        .arg(QString::fromStdString(p.scheduler))
                                        .arg(a.valId)
                                        .arg(QString::fromStdString(c.message))));
          ++compared;
        }
    }
    qInfo("%d kernels run on the host, %d outputs match the reference", kernels, compared);
  }
};

QTEST_GUILESS_MAIN(TestCudaHostEmulation)
#include "test_cuda_host_emulation.moc"
