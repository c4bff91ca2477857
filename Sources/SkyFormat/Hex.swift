/// A checksum as every output writes it: 16 hex digits.
public enum Hex {
    public static func format(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
