/// A first-in, first-out queue in one growable ring of memory.
///
/// The ready queue appends and pops a scan for every scan the engine starts. `Deque` did that
/// through a uniqueness check and a copy-on-write path on every append; this ring is
/// noncopyable, so it owns its storage outright and needs neither.
struct RingBuffer<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    /// Always a power of two, so wrapping an index is a mask.
    private var capacity: Int
    /// The position of the oldest element.
    private var head = 0
    private(set) var count = 0

    init(minimumCapacity: Int = 16) {
        var capacity = 1
        while capacity < minimumCapacity { capacity <<= 1 }
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        let firstRun = min(count, capacity - head)
        (storage + head).deinitialize(count: firstRun)
        storage.deinitialize(count: count - firstRun)
        storage.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (storage + ((head &+ count) & (capacity &- 1))).initialize(to: element)
        count &+= 1
    }

    /// Removes and returns the oldest element.
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = (storage + head).move()
        head = (head &+ 1) & (capacity &- 1)
        count &-= 1
        return element
    }

    /// The elements, oldest first.
    var elements: [Element] {
        (0..<count).map { storage[(head &+ $0) & (capacity &- 1)] }
    }

    mutating func removeAll() {
        while count > 0 { _ = popFirst() }
        head = 0
    }

    /// Doubles the capacity, moving the elements to the start of the new storage.
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        let firstRun = min(count, capacity - head)
        newStorage.moveInitialize(from: storage + head, count: firstRun)
        (newStorage + firstRun).moveInitialize(from: storage, count: count - firstRun)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
        head = 0
    }
}
