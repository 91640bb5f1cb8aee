import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources
import HierarchyTestSupport

@testable import TerminalUI

/// A clock the tests move by hand.
final class ManualClock: @unchecked Sendable {
    // Only touched from the main actor in tests.
    var now = ContinuousClock.now
    func advance(by duration: Duration) { now = now.advanced(by: duration) }
}

/// A browser over the bundled sample, loaded and settled, at a size.
@MainActor
func sampleBrowser(columns: Int, rows: Int, rightToLeft: Bool = false, clock: ManualClock = ManualClock()) async throws
    -> HierarchyBrowser
{
    let layout = HierarchyCollectionViewLayout(
        metrics: .terminal, size: Size(width: Double(columns), height: Double(rows - 2)),
        sectionInset: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1), interItemSpacing: 1,
        layoutDirection: rightToLeft ? .rightToLeft : .leftToRight)
    let view = HierarchyView(layout: layout)
    let dataSource = HierarchySourceDataSource(source: try SharedSample.source())
    dataSource.attach(to: view)
    let browser = HierarchyBrowser(
        view: view, dataSource: dataSource, sourceName: "Sample plant", palette: .monochrome,
        columns: columns, rows: rows, now: { clock.now })
    try await dataSource.load()
    await dataSource.settle()
    return browser
}

extension HierarchyBrowser {
    /// Sends keys and waits for the loads they start.
    @discardableResult
    func press(_ keys: KeyEvent...) async -> [BrowserCommand] {
        var commands: [BrowserCommand] = []
        for key in keys {
            commands += handle([.key(key)])
            await dataSource?.settle()
        }
        return commands
    }

    var frame: String { render().plainText }
}

func key(_ c: Character, _ modifiers: KeyModifiers = []) -> KeyEvent { KeyEvent(.character(c), modifiers: modifiers) }
