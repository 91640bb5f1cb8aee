import HierarchyTestSupport

@testable import TerminalUI

/// Waits until `condition` holds, looking at it again each time `screen` asks to be redrawn
/// (a load finished, an error arrived): an event, not a poll. `untilChanged`'s hang guard ends
/// a wait whose condition never comes.
///
/// - Returns: Whether the condition holds at the end.
@MainActor
func redrawn(_ screen: some TerminalScreen, until condition: () -> Bool) async -> Bool {
    await untilChanged(
        observe: { redrawn in
            screen.setRedrawHandler(redrawn)
            return { screen.setRedrawHandler(nil) }
        },
        until: {
            _ = screen.render()
            return condition()
        })
    return condition()
}
