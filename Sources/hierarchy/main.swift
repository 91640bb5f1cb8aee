import HierarchyCLI

// The `hierarchy` program: tune the heap for the interactive faces, then run the command.
await Hierarchy.main { command in
    if command is any InteractiveCommand { HeapSettings.apply() }
}
