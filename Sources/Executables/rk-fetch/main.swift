// A development build's own `rk-fetch`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import RKFetchCommand
import ToolKit

ToolEntry.rkFetch.run()
