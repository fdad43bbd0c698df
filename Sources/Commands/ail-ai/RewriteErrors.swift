import Rewrite
import ToolKit

extension ChatError {
  /// Unreachable providers are 69; refusals and failures of the request 75.
  var exitStatus: ExitStatus {
    switch self {
    case .unreachable: .unavailable
    case .configuration: .configError
    case .modelNotFound: .configError
    case .allFailed: isNoAnswer ? .unavailable : .tempFailure
    default: .tempFailure
    }
  }
}

/// `body` with the rewrite's errors as the tool's: what a provider did as ``ChatError/exitStatus``
/// says, an input that cannot be cut or an answer that does not match its schema 65, pieces that
/// could not be combined 75.
func withToolErrors<T>(_ body: () async throws -> T) async throws -> T {
  do {
    return try await body()
  } catch let error as ChatError {
    throw ToolError(error.exitStatus, error.description)
  } catch let error as ChunkPlan.Refusal {
    throw ToolError(.dataError, error.description)
  } catch let error as StructuredRewrite.Mismatch {
    throw ToolError(.dataError, error.description)
  } catch let error as ChunkedRewrite.Failure {
    throw ToolError(.tempFailure, error.description)
  }
}
