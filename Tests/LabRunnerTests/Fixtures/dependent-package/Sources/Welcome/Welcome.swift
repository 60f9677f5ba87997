import Fixture

/// A welcome built on the greeting of the `Fixture` library:
///
///     import Fixture
///
///     print(greeting("Anna"))
///     // Prints "Hello, Anna!"
///     print(welcome("Anna"))
///     // Prints "Hello, Anna! Welcome."
public func welcome(_ name: String) -> String {
    greeting(name) + " Welcome."
}

/// The words of a welcome; this sample is wrong, a count is an `Int`:
///
///     let count: String = wordCount(of: welcome("Anna"))
public func wordCount(of text: String) -> Int {
    text.split(separator: " ").count
}

/// The library this one is built on, which every reader of this module has:
///
///     print(greeting("Ann"))
///     // Prints "Hello, Ann!"
public let foundation = "Fixture"
