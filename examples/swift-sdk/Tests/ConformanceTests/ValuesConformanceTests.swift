import SKANConformance
import Testing

/// Swift Testing: one test per vector of the kit's `values` suite, each named by its vector ID.
@Test(arguments: Conformance.cases(.values))
func valuesConform(_ conformanceCase: ConformanceCase) throws {
  try ValuesAdapter.check(conformanceCase)
}
