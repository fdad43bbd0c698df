// A development build's own `ail-transcribe`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import AilTranscribeCommand
import ToolKit

ToolEntry.ailTranscribe.run()
