// A development build's own `llm-fake`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import LLMFake
import ToolKit

ToolEntry.llmFake.run()
