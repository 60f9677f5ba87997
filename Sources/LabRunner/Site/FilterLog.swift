/// Whether rendering prose met something the pages' filter decides on: raw HTML (written again
/// by `HTMLFilter`, or dropped) or a link, image or autolink whose URL it refused. A Jupyter
/// notebook carries such prose as the page renders it (`NotebookProse`), any other as written.
/// A class: the renderers that record into it are value types, and nested ones share it.
final class FilterLog {
    private(set) var met = false

    func record() { met = true }
}
