/// The connections the server serves at once, at most `limit`. When every slot is taken, a new
/// client takes the slot of the oldest connection still reading its request head (that one is
/// shut down): clients that send a head slowly, or never, cannot keep the others out; a
/// browser's request arrives whole and is past its head at once. Only when every slot is past
/// its head (writing a response) is a new client turned away.
final class ConnectionSlots: Sendable {
    let limit: Int
    private struct Slot {
        let connection: HTTPConnection
        let order: Int
        var readingHead = true
    }
    private struct State {
        var slots: [ObjectIdentifier: Slot] = [:]
        var admitted = 0
    }
    private let state = LockedValue(State())

    init(limit: Int) { self.limit = limit }

    var count: Int { state.withLock { $0.slots.count } }

    /// Gives `connection` a slot, shutting down the oldest head reader if that is what frees
    /// one; false when every slot is past its head.
    func admit(_ connection: HTTPConnection) -> Bool {
        let (admitted, evicted): (Bool, HTTPConnection?) = state.withLock { state in
            var evicted: HTTPConnection?
            if state.slots.count >= limit {
                evicted = Self.removeOldestHeadReader(&state)
                guard evicted != nil else { return (false, nil) }
            }
            state.admitted += 1
            state.slots[ObjectIdentifier(connection)] = Slot(connection: connection, order: state.admitted)
            return (true, evicted)
        }
        // Its own thread wakes up and closes it.
        evicted?.shutdown()
        return admitted
    }

    /// Shuts down the oldest connection still reading its head, whose thread then closes it:
    /// how the server gets a descriptor back when `accept` finds none left. False if there is none.
    @discardableResult
    func evictOldestHeadReader() -> Bool {
        guard let evicted = state.withLock({ Self.removeOldestHeadReader(&$0) }) else { return false }
        evicted.shutdown()
        return true
    }

    private static func removeOldestHeadReader(_ state: inout State) -> HTTPConnection? {
        guard let oldest = state.slots.filter({ $0.value.readingHead }).min(by: { $0.value.order < $1.value.order }) else {
            return nil
        }
        state.slots[oldest.key] = nil
        return oldest.value.connection
    }

    /// `connection` has its head: it can no longer be evicted.
    func headRead(_ connection: HTTPConnection) {
        state.withLock { $0.slots[ObjectIdentifier(connection)]?.readingHead = false }
    }

    /// Frees `connection`'s slot (nothing if it was evicted).
    func release(_ connection: HTTPConnection) {
        state.withLock { state in
            if state.slots[ObjectIdentifier(connection)]?.connection === connection {
                state.slots[ObjectIdentifier(connection)] = nil
            }
        }
    }
}
