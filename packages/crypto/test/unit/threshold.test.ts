// Threshold BLS on the default recovery backend: noble, since nothing here calls loadFastThreshold.
import { thresholdSuite } from "../utils/threshold-suite.js";

thresholdSuite("noble");
