/// A screen that shows something moving (a loading spinner) while ``isAnimating``: the run
/// loop calls ``advanceAnimation()`` once per tick (every ``animationTickInterval``) and draws a frame
/// after each, and stops ticking once the screen stops animating.
@MainActor
public protocol AnimatedTerminalScreen: TerminalScreen {
    /// Whether the screen wants ticks now.
    var isAnimating: Bool { get }
    /// Moves the animation one frame on.
    func advanceAnimation()
}

/// The time between two ticks of an animated screen.
public let animationTickInterval: Duration = .milliseconds(100)
