/// A greeting for `name`, as the README shows it.
public func greet(_ name: String) -> String { "Hello, \(name)!" }

/// One greeting per name, in order.
public func greetAll(_ names: [String]) -> [String] { names.map(greet) }
