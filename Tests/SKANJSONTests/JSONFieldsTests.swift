import SKANJSON
import Testing

/// An error that keeps the problem as it is, so that the tests see what ``JSONFields`` reports.
struct Problem: Error, Equatable {
  let problem: FieldProblem
}

@Suite("JSONFields: reading members with errors that name the field")
struct JSONFieldsTests {
  static let document: JSONValue = [
    "name": "a", "none": nil, "count": 3, "half": .double(1.5), "flag": true, "list": ["x", 2],
    "names": ["x", "y"], "object": ["inner": ["deep": 1]], "rows": [["id": 1], ["id": 2], 7],
    "kind": "beta",
  ]

  enum Kind: String, CaseIterable { case alpha, beta, gamma }

  func fields(_ root: String = "input") throws(Problem) -> JSONFields<Problem> {
    try JSONFields(Self.document, at: FieldPath(root), fail: { Problem(problem: $0) })
  }

  func problem(_ read: (JSONFields<Problem>) throws -> Void) -> FieldProblem? {
    do {
      try read(try fields())
      return nil
    } catch {
      return (error as? Problem)?.problem
    }
  }

  @Test("paths: members, elements, and a bare root")
  func paths() {
    #expect(FieldPath("input").appending("updates", 3).appending("at").description == "input.updates[3].at")
    #expect(FieldPath("").appending("header").appending("shard").description == "header.shard")
    #expect(FieldPath("").appending("results", 0).description == "results[0]")
    #expect(FieldPath("input.updates[3]").element(1).description == "input.updates[3][1]")
  }

  @Test("values of the right type are read")
  func reads() throws {
    let fields = try fields()
    #expect(try fields.string("name") == "a")
    #expect(try fields.optionalString("none") == nil && fields.optionalString("absent") == nil)
    #expect(try fields.integer("count") == 3 && fields.optionalInteger("none") == nil)
    #expect(try fields.bool("flag") && fields.bool("none", default: true) && !fields.bool("absent", default: false))
    #expect(try fields.strings("names") == ["x", "y"])
    #expect(try fields.object("object").object("inner").integer("deep") == 1)
    #expect(try fields.choice("kind", Kind.self) == .beta)
    #expect(fields["none"] == .null && fields.optional("none") == nil && fields["absent"] == nil)
  }

  @Test("each problem names the field")
  func problems() {
    let input = FieldPath("input")
    #expect(problem { _ = try $0.string("absent") } == .missing(input.appending("absent")))
    #expect(
      problem { _ = try $0.string("none") } == .mistyped(input.appending("none"), expected: "a string", found: "null"))
    #expect(
      problem { _ = try $0.optionalString("count") }
        == .mistyped(input.appending("count"), expected: "a string or null", found: "integer"))
    #expect(
      problem { _ = try $0.integer("half") }
        == .mistyped(input.appending("half"), expected: "an integer", found: "number"))
    #expect(
      problem { _ = try $0.optionalInteger("name") }
        == .mistyped(input.appending("name"), expected: "an integer or null", found: "string"))
    #expect(
      problem { _ = try $0.bool("count") }
        == .mistyped(input.appending("count"), expected: "a boolean", found: "integer"))
    #expect(
      problem { _ = try $0.bool("name", default: false) }
        == .mistyped(input.appending("name"), expected: "a boolean", found: "string"))
    #expect(
      problem { _ = try $0.array("object") }
        == .mistyped(input.appending("object"), expected: "an array", found: "object"))
    #expect(
      problem { _ = try $0.strings("list") }
        == .mistyped(input.appending("list", 1), expected: "a string", found: "integer"))
    #expect(problem { _ = try $0.object("name") } == .notAnObject(input.appending("name"), found: "string"))
    #expect(problem { _ = try $0.each("rows") } == .notAnObject(input.appending("rows", 2), found: "integer"))
    #expect(
      problem { _ = try $0.choice("name", Kind.self) }
        == .notOneOf(input.appending("name"), found: "a", choices: ["alpha", "beta", "gamma"]))
    #expect(
      problem { _ = try $0.object("object").object("inner").string("deep") }?.path.description
        == "input.object.inner.deep")
  }

  @Test("a value that is not an object is refused at once")
  func notAnObject() {
    do {
      _ = try JSONFields([1], at: FieldPath("input"), fail: { Problem(problem: $0) })
      Issue.record("an array was read as an object")
    } catch {
      #expect(error.problem == .notAnObject(FieldPath("input"), found: "array"))
    }
  }
}
