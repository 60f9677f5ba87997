/// The greeting for `name`.
///
/// ```swift
/// let text = greeting(for: "Grace")
/// print(text)
/// // Prints "Hello, Grace!"
/// ```
public func greeting(for name: String) -> String {
    "Hello, \(name)!"
}
