// .npy encoding of HostTensors: every host dtype round-trips bit for bit, strided tensors
// are written in logical order, headers follow the format (64-byte aligned), bad files fail.
#include <QtTest>

#include <cstring>

#include "reference/npy.h"

using segscope::exec::decodeNpy;
using segscope::exec::encodeNpy;
using segscope::exec::HostTensor;
using segscope::ir::DataType;

namespace {

HostTensor ramp(DataType t, std::vector<std::int64_t> sizes) {
  HostTensor h(t, std::move(sizes));
  for (std::int64_t i = 0; i < h.numel(); ++i) h.set(i, static_cast<double>(i % 7) - 3.25);
  return h;
}

}  // namespace

class TestNpy : public QObject {
  Q_OBJECT

 private slots:
  void roundTrip_data() {
    QTest::addColumn<int>("dtype");
    for (DataType t : {DataType::Bool, DataType::Int, DataType::Int32, DataType::Half, DataType::BFloat16,
                       DataType::Float, DataType::Double})
      QTest::newRow(std::string(segscope::ir::dataTypeName(t)).c_str()) << static_cast<int>(t);
  }
  void roundTrip() {
    QFETCH(int, dtype);
    const HostTensor original = ramp(static_cast<DataType>(dtype), {3, 5, 2});
    const std::string bytes = encodeNpy(original);
    QCOMPARE(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
    const std::size_t headerEnd =
        10 + (static_cast<unsigned char>(bytes[8]) | static_cast<unsigned char>(bytes[9]) << 8);
    QCOMPARE(headerEnd % 64, std::size_t{0});
    QCOMPARE(bytes[headerEnd - 1], '\n');
    auto back = decodeNpy(bytes);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(static_cast<int>(back->dtype()), dtype);
    QCOMPARE(back->sizes(), original.sizes());
    QVERIFY(back->bytes() == original.bytes());
  }

  void descriptors() {
    QCOMPARE(segscope::exec::npyDescr(DataType::BFloat16), std::string("<u2"));
    QCOMPARE(segscope::exec::npyDescr(DataType::Bool), std::string("|b1"));
    QCOMPARE(segscope::exec::npyDescr(DataType::Float), std::string("<f4"));
    const std::string bytes = encodeNpy(ramp(DataType::Float, {4}));
    QVERIFY(bytes.find("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }") != std::string::npos);
  }

  void zeroDimAndEmpty() {
    HostTensor scalar(DataType::Double, {});
    scalar.set(0, 2.5);
    auto back = decodeNpy(encodeNpy(scalar));
    QVERIFY(back.ok());
    QCOMPARE(back->rank(), 0);
    QCOMPARE(back->get(0), 2.5);
    auto empty = decodeNpy(encodeNpy(HostTensor(DataType::Float, {0, 3})));
    QVERIFY(empty.ok());
    QCOMPARE(empty->sizes(), (std::vector<std::int64_t>{0, 3}));
  }

  void stridedWritesLogicalOrder() {
    HostTensor t(DataType::Float, {2, 3}, {1, 2});  // column-major storage
    for (std::int64_t i = 0; i < 6; ++i) t.set(i, static_cast<double>(i));
    auto back = decodeNpy(encodeNpy(t));
    QVERIFY(back.ok());
    QVERIFY(back->isContiguous());
    QCOMPARE(back->asDoubles(), t.asDoubles());
  }

  void badFilesFail() {
    QVERIFY(!decodeNpy("not an npy file").ok());
    std::string bytes = encodeNpy(ramp(DataType::Float, {4}));
    QVERIFY(!decodeNpy(bytes.substr(0, bytes.size() - 4)).ok());  // truncated data
    std::string fortran = bytes;
    fortran.replace(fortran.find("False"), 5, "True ");
    QVERIFY(!decodeNpy(fortran).ok());
    std::string unknown = bytes;
    unknown.replace(unknown.find("<f4"), 3, "<m8");
    QVERIFY(!decodeNpy(unknown).ok());
  }
};

QTEST_GUILESS_MAIN(TestNpy)
#include "test_npy.moc"
