import Foundation
import LabRunner

/// The pipeline `student` and `grade` run labs with: swiftc from the environment and the default
/// compile cache, as `run` sets them up without options.
enum CheckingPipeline {
    static func make(environment: [String: String]) throws(BuildError) -> DocumentPipeline {
        let compiler = try SwiftCompiler.locate(environment: environment)
        var pipeline = DocumentPipeline(compiler: compiler, environment: environment)
        pipeline.useCache(CompileCache.defaultDirectory(environment: environment), compiler: compiler)
        return pipeline
    }
}
