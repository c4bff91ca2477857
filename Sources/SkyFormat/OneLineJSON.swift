package import Foundation

/// A document as one line of JSON, keys sorted, slashes as they are: how every JSON document Sky
/// prints on stdout is written.
package enum OneLineJSON {
    package static func encode(_ value: some Encodable, keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = keys
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of numbers and strings cannot fail.
        let data = try! encoder.encode(value)
        return String(decoding: data, as: UTF8.self)
    }

    /// Seconds rounded to the microsecond, so the JSON carries no floating-point noise digits.
    package static func seconds(_ duration: Duration) -> Double {
        (duration.seconds * 1e6).rounded() / 1e6
    }
}
