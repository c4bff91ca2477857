import SkyFormat

/// Finds a key written twice in one JSON object. JSON leaves such an object's meaning open, and
/// readers differ: Foundation's decoder keeps the first value, `jq` and Python the last. A summary
/// with two `"verdict"`s could then pass in `sky fleet` and fail in the operator's own script, so
/// `sky fleet` refuses it instead of choosing.
///
/// Keys are compared as written: `"verdict"` and `"verd\u0069ct"` count as two. Bytes that are not
/// JSON pass here, for the decoder to refuse.
enum DuplicateKeys {
    /// The first key that appears twice in one object, shown escaped; `nil` if there is none.
    static func first(in json: ArraySlice<UInt8>) -> String? {
        // One entry per open object or array: an object's keys so far, and whether a key comes next.
        var open: [(keys: Set<ArraySlice<UInt8>>, keyNext: Bool)?] = []
        var index = json.startIndex
        while index < json.endIndex {
            let byte = json[index]
            switch byte {
            case UInt8(ascii: "{"): open.append((keys: [], keyNext: true))
            case UInt8(ascii: "["): open.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = open.popLast()
            case UInt8(ascii: ","): if open.last??.keyNext == false { open[open.count - 1]?.keyNext = true }
            case UInt8(ascii: "\""):
                let end = stringEnd(json, from: index + 1)
                let text = json[(index + 1)..<end]
                if var object = open.last ?? nil, object.keyNext {
                    guard object.keys.insert(text).inserted else {
                        return ShownText.escaped(String(decoding: text, as: UTF8.self))
                    }
                    object.keyNext = false
                    open[open.count - 1] = object
                }
                index = end
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The index of the quote that closes the string starting at `start`, or the end of the bytes.
    private static func stringEnd(_ json: ArraySlice<UInt8>, from start: Int) -> Int {
        var index = start
        while index < json.endIndex {
            switch json[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index
            default: index += 1
            }
        }
        return json.endIndex
    }
}
