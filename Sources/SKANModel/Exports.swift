// The kit's vocabulary (suites, answers, requirement IDs and the requirement catalog) is its
// own module so that the runner, the vectors, reporting and HTTP can name them without
// depending on the reference model. The model re-exports it: code that evaluates rules sees
// one module.
@_exported public import SKANVocabulary
