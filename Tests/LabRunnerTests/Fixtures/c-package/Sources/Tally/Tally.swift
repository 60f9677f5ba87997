import CTally

/// Twice `count`, worked out in C:
///
///     print(doubled(21))
///     // Prints "42"
public func doubled(_ count: Int) -> Int { Int(tally_double(Int32(count))) }

/// The C function is there too, as the target depends on it:
///
///     print(tally_double(4))
///     // Prints "8"
///
/// It works on `Int32`, not `Int`:
///
///     let wrong: Int = tally_double(2)
public let cFunctionName = "tally_double"
