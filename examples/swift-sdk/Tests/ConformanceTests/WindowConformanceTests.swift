import SKANConformance
import Testing

/// Swift Testing: one test per vector of the kit's `window` suite, each named by its vector ID.
@Test(arguments: Conformance.cases(.window))
func windowConforms(_ conformanceCase: ConformanceCase) throws {
  try WindowAdapter.check(conformanceCase)
}
