// A development build's own `rk-prune`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import RKPruneCommand
import ToolKit

ToolEntry.rkPrune.run()
