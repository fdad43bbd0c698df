// A development build's own `readeck-fake`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import ReadeckFake
import ToolKit

ToolEntry.readeckFake.run()
