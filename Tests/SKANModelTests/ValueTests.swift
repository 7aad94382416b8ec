import SKANModel
import Testing

@Suite("Values (VAL-*)")
struct ValueTests {
  func code(_ body: () throws -> Void) -> ModelError.Code? {
    do {
      try body()
      return nil
    } catch let error as ModelError {
      return error.code
    } catch {
      return nil
    }
  }

  @Test("VAL-1: fine values 0...63")
  func fineRange() throws {
    #expect(try FineValue(validating: 0).rawValue == 0)
    #expect(try FineValue(validating: 63).rawValue == 63)
    #expect(code { _ = try FineValue(validating: 64) } == .fineOutOfRange)
    #expect(code { _ = try FineValue(validating: -1) } == .fineOutOfRange)
  }

  @Test("META-1: fine strings are optional minus then digits")
  func fineStrings() throws {
    #expect(try FineValue(parsing: "012").rawValue == 12)
    #expect(code { _ = try FineValue(parsing: "-1") } == .fineOutOfRange)
    #expect(code { _ = try FineValue(parsing: "99999999999999999999") } == .fineOutOfRange)
    for text in ["", " 12", "+12", "12.0", "abc", "-", "0x1F", "１２"] {
      #expect(code { _ = try FineValue(parsing: text) } == .fineNotInteger, "\(text)")
    }
  }

  @Test("VAL-3: coarse strings are case-sensitive")
  func coarseStrings() throws {
    #expect(try CoarseValue(parsing: "medium") == .medium)
    for text in ["LOW", "Medium", " low", "", "none"] {
      #expect(code { _ = try CoarseValue(parsing: text) } == .coarseUnknown, "\(text)")
    }
  }

  @Test("VAL-4, VAL-5: Singular codes 0, 1, 2 and nothing else")
  func coarseCodes() throws {
    #expect(try CoarseValue(code: 0) == .low)
    #expect(try CoarseValue(code: 1) == .medium)
    #expect(try CoarseValue(code: 2) == .high)
    #expect(CoarseValue.high.code == 2)
    #expect(code { _ = try CoarseValue(code: 3) } == .coarseCodeOutOfRange)
    #expect(code { _ = try CoarseValue(code: -1) } == .coarseCodeOutOfRange)
  }

  @Test("VAL-6: synthesized fine values 0, 32, 63")
  func synthesized() {
    #expect(FineValue.synthesized(from: .low).rawValue == 0)
    #expect(FineValue.synthesized(from: .medium).rawValue == 32)
    #expect(FineValue.synthesized(from: .high).rawValue == 63)
  }
}
