/// A greeting for `name`.
///
///     let text = greet("Anna")
///     print(text)
///     // Prints "Hello, Anna!"
///
/// Greetings compose, and the text above is not needed here:
///
/// ```swift
/// print(greetAll(["Ann", "Bo"]).count)
/// // Prints "2"
/// ```
public func greet(_ name: String) -> String { "Hello, \(name)!" }

/**
 * One greeting per name, in order.
 *
 *     let all = greetAll(["Ann"])
 *     print(all[0])
 *     // Prints "Hello, Ann!"
 */
public func greetAll(_ names: [String]) -> [String] { names.map(greet) }
