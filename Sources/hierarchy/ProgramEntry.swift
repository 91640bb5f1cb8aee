/// The program's entry point: a `main` that is not `async`. The commands run on the main actor
/// and the pool as before; the main thread serves the main actor's queue (``MainQueueLoop``)
/// instead of ending itself in `dispatch_main()`.
@main
enum ProgramEntry {
    static func main() {
        CodePages.mapOnDemand()
        MainQueueLoop.run {
            await Hierarchy.main()
        }
    }
}
