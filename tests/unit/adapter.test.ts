// The one software-adapter rule and the one adapter name (components/gpu/adapter.ts), on
// fake GPUAdapterInfo objects shaped like what each browser / driver reports.
import {describe, expect, it} from "vitest";
import {adapterName, describeAdapter, isSoftwareAdapter, softwareRenderer} from "../../components/gpu/adapter.js";

const SOFTWARE = {
  "SwiftShader (Chrome without a GPU)": [{vendor: "google", architecture: "swiftshader", description: "SwiftShader Device (Subzero)"}, "SwiftShader"],
  "llvmpipe (Mesa GL)": [{vendor: "mesa", architecture: "", description: "llvmpipe (LLVM 15.0.7, 256 bits)"}, "llvmpipe"],
  "lavapipe (Mesa Vulkan), named in device only": [{vendor: "mesa", architecture: "", device: "lavapipe", description: ""}, "lavapipe"],
  "WARP (Windows)": [{vendor: "microsoft", architecture: "", description: "WARP"}, "WARP"],
  "Microsoft Basic Render Driver": [{vendor: "microsoft", architecture: "", description: "Microsoft Basic Render Driver"}, "WARP"],
  "isFallbackAdapter = true": [{vendor: "", architecture: "", description: "", isFallbackAdapter: true}, "a fallback adapter"],
} as const;

const HARDWARE = {
  NVIDIA: {vendor: "nvidia", architecture: "hopper", description: "NVIDIA: 580.159.04 580.159.4.0"},
  Apple: {vendor: "apple", architecture: "metal-3", description: ""},
  Intel: {vendor: "intel", architecture: "gen-12lp", description: "Intel(R) UHD Graphics 770", isFallbackAdapter: false},
};

describe("isSoftwareAdapter / softwareRenderer", () => {
  for (const [label, [info, name]] of Object.entries(SOFTWARE))
    it(`${label} is a software adapter (${name})`, () => {
      expect(isSoftwareAdapter(info)).toBe(true);
      expect(softwareRenderer(info)).toBe(name);
    });
  for (const [label, info] of Object.entries(HARDWARE))
    it(`a real ${label} GPU is not`, () => {
      expect(isSoftwareAdapter(info)).toBe(false);
      expect(softwareRenderer(info)).toBeNull();
    });
  it("no info is no evidence: not software", () => {
    expect(isSoftwareAdapter(null)).toBe(false);
    expect(isSoftwareAdapter({})).toBe(false);
  });
  it("reads isFallbackAdapter from adapter.info, else from the adapter (browsers before Chrome 130)", () => {
    const modern = {info: {vendor: "", architecture: "", description: "", device: "", isFallbackAdapter: true}} as unknown as GPUAdapter;
    const legacy = {info: {vendor: "", architecture: "", description: ""}, isFallbackAdapter: true} as unknown as GPUAdapter;
    expect(isSoftwareAdapter(describeAdapter(modern))).toBe(true);
    expect(isSoftwareAdapter(describeAdapter(legacy))).toBe(true);
    expect(isSoftwareAdapter(describeAdapter({info: HARDWARE.NVIDIA} as unknown as GPUAdapter))).toBe(false);
  });
});

describe("adapterName", () => {
  it("names a browser's adapter by vendor and architecture", () => {
    expect(adapterName({vendor: "google", architecture: "swiftshader", description: "SwiftShader Device"})).toBe("google swiftshader");
    expect(adapterName(HARDWARE.Apple)).toBe("apple metal-3");
  });
  it("says WebGPU where the vendor is blank, and the driver where the architecture is", () => {
    expect(adapterName({vendor: "", architecture: ""})).toBe("WebGPU");
    expect(adapterName({vendor: "nvidia", architecture: "", description: "NVIDIA: 580.159.04 580.159.4.0"})).toBe("nvidia (driver 580.159.04)");
  });
  it("uses a benchmark file's model name with its driver", () => {
    expect(adapterName({vendor: "nvidia", description: "NVIDIA: 580.159.04 580.159.4.0", name: "NVIDIA H200"})).toBe("NVIDIA H200 (driver 580.159.04)");
  });
});
