/// How an exercise's points are earned check by check: split evenly over its checks (every
/// output block, hidden ones included, in every scenario), so a submission that passes `mock`
/// and `empty` but not `failing` earns those checks' share and no more. Computed as one division
/// of whole numbers, so all checks passed is exactly the exercise's points, and the same checks
/// always give the same score.
enum CheckPoints {
    static func earned(points: Int, passed: Int, of total: Int) -> Double {
        guard total > 0, passed > 0 else { return 0 }
        return Double(points * min(passed, total)) / Double(total)
    }
}
