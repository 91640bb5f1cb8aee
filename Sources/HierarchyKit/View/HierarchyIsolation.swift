/// Where a view and its data source live, and the way back there for answers that arrive later.
///
/// `HierarchyView`, its layout, cells and data sources are classes without an actor of their
/// own: each is used from one isolation domain at a time (the main actor for a seed
/// controller, an actor per session in the web face). Work that finishes later (a source's
/// answer, a search) comes back to that domain through ``run(on:_:)``.
public enum HierarchyIsolation {
    /// Runs `body` on `actor`'s executor and returns its result.
    ///
    /// - Parameters:
    ///   - actor: the actor the objects `body` touches belong to (`MainActor.shared` for the main actor).
    ///   - body: the work, isolated to `actor` (its parameter).
    /// - Returns: what `body` returns.
    public static func run<T: Sendable>(
        on actor: isolated any Actor, _ body: @Sendable (isolated any Actor) async throws -> T
    ) async rethrows -> T {
        try await body(actor)
    }
}

/// A weak reference to an object that lives in one isolation domain, carried to a task that
/// hands it back there.
///
/// `@unchecked Sendable`: the reference is only read inside ``HierarchyIsolation/run(on:_:)``
/// on the actor that owns the object (the owner's executor serialises every use), never on
/// the task that carries it.
public struct IsolatedReference<Object: AnyObject>: @unchecked Sendable {
    /// The object, while it lives; read it only on its owner's actor.
    public weak var object: Object?

    /// Wraps a weak reference to `object`.
    public init(_ object: Object) {
        self.object = object
    }
}

/// A value that lives in one isolation domain (held strongly), carried to a task that hands it
/// back there.
///
/// `@unchecked Sendable`: as ``IsolatedReference``, the value is only used inside
/// ``HierarchyIsolation/run(on:_:)`` on the actor that owns it.
public struct IsolatedValue<Value>: @unchecked Sendable {
    /// The value; use it only on its owner's actor.
    public let value: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        self.value = value
    }
}
