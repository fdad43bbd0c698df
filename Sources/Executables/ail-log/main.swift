// A development build's own `ail-log`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import AilLogCommand
import ToolKit

ToolEntry.ailLog.run()
