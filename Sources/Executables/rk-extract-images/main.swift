// A development build's own `rk-extract-images`; installs use the multi-call rk-ail (Sources/Executables/rk-ail).
import RKExtractImagesCommand
import ToolKit

ToolEntry.rkExtractImages.run()
