/// No samples here.
public let version = 1
