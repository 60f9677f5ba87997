@main
struct LabRunnerMain {
    static func main() {
        print("labrunner")
    }
}
