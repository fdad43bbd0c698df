// A development build's own `ail-mail`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import AilMailCommand
import ToolKit

ToolEntry.ailMail.run()
