import Synchronization

/// True once: the first `claim()` wins.
package final class OnceFlag: Sendable {
    package init() {}

    private let claimed = Atomic<Bool>(false)

    package func claim() -> Bool {
        !claimed.exchange(true, ordering: .acquiringAndReleasing)
    }
}
