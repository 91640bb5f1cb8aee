import Foundation
import HierarchyTestSupport
import Testing

/// The trait that keeps long computing tests off Swift's cooperative pool.
@Suite(.ownThreads) struct OwnThreadsTests {
    static func onOwnThread() -> Bool {
        OwnThreadsExecutor.shared.isCurrent
    }

    @Test func aSynchronousTestRunsOnTheExecutorsThreads() {
        #expect(Self.onOwnThread())
    }

    @Test func anAsynchronousTestComesBackToThemAfterASuspension() async throws {
        #expect(Self.onOwnThread())
        try await Task.sleep(for: .milliseconds(1))
        #expect(Self.onOwnThread())
        let child = await Task { Self.onOwnThread() }.value
        #expect(!child, "an unstructured task without the preference runs on the pool")
        let inGroup = await withTaskGroup(of: Bool.self) { group in
            group.addTask { Self.onOwnThread() }
            return await group.next() ?? false
        }
        #expect(inGroup, "child tasks inherit the preference")
    }
}

@Suite struct WithoutOwnThreadsTests {
    @Test func aTestWithoutTheTraitRunsOnThePool() {
        #expect(!OwnThreadsTests.onOwnThread())
    }
}
