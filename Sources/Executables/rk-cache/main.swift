// A development build's own `rk-cache`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import RKCacheCommand
import ToolKit

ToolEntry.rkCache.run()
