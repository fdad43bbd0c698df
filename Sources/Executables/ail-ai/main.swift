// A development build's own `ail-ai`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import AilAICommand
import ToolKit

ToolEntry.ailAI.run()
