// A development build's own `rk-push`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import RKPushCommand
import ToolKit

ToolEntry.rkPush.run()
