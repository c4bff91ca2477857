/// The JSON summary's `verdict` object, as the tests read it.
struct VerdictJSON {
    let result: String?
    let reasons: [String]

    init(_ summary: [String: Any]) {
        let object = summary["verdict"] as? [String: Any]
        result = object?["result"] as? String
        reasons = object?["reasons"] as? [String] ?? []
    }

    /// The deciding reason.
    var reason: String { reasons.first ?? "" }
}
