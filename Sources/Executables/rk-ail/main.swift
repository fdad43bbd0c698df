// The multi-call binary: the tool named by the link it was started through, or by its first
// argument; otherwise rk-ail's own help, version, list or usage error.
import ToolKit

let choice = MultiCall.choose(CommandLine.arguments, among: RKAil.tools)
if let tool = choice.tool {
  tool.run(choice.arguments)
}
RKAil.main(choice.arguments)
