import DequeModule

extension Deque {
    /// The elements as an array. An empty deque gives `[]` without a copy: copying one writes a
    /// count of zero into the standard library's shared empty-array storage, and two threads doing
    /// that at once is a data race to ThreadSanitizer (a harmless one, but CI fails on it).
    var array: [Element] { isEmpty ? [] : Array(self) }
}
