// Non-blocking shader linking for software WebGL. Asking a WebGL context whether a program linked
// (LINK_STATUS) makes the page wait until the GPU process has compiled and linked it; with software
// rendering (SwiftShader) that takes hundreds of milliseconds per program, all on the main thread.
// Browsers with KHR_parallel_shader_compile let luma.gl poll COMPLETION_STATUS_KHR instead and draw
// once linking is done. Where the extension is missing, this module supplies the same query with a
// fence: a sync object inserted after linkProgram is signalled once the GPU process has executed the
// link, and clientWaitSync with a zero timeout reads that without blocking.
const COMPLETION_STATUS_KHR = 0x91b1;
const EXTENSION = 'KHR_parallel_shader_compile';

type Patched = WebGL2RenderingContext & { __asyncLinkFences?: WeakMap<WebGLProgram, WebGLSync> };

let installed = false;

export function installAsyncLinkStatus(): void {
  if (installed || typeof WebGL2RenderingContext === 'undefined') return;
  installed = true;
  const proto = WebGL2RenderingContext.prototype;
  const native = {
    getExtension: proto.getExtension,
    getSupportedExtensions: proto.getSupportedExtensions,
    linkProgram: proto.linkProgram,
    getProgramParameter: proto.getProgramParameter,
    getShaderParameter: proto.getShaderParameter,
  };
  const hasNative = (gl: WebGL2RenderingContext) => (native.getSupportedExtensions.call(gl) ?? []).includes(EXTENSION);
  const fences = (gl: Patched) => (gl.__asyncLinkFences ??= new WeakMap());

  proto.getExtension = function getExtension(this: WebGL2RenderingContext, name: string) {
    const ext = native.getExtension.call(this, name);
    return ext || name !== EXTENSION ? ext : { COMPLETION_STATUS_KHR };
  } as typeof proto.getExtension;
  proto.getSupportedExtensions = function getSupportedExtensions(this: WebGL2RenderingContext) {
    const list = native.getSupportedExtensions.call(this);
    return list && !list.includes(EXTENSION) ? [...list, EXTENSION] : list;
  };
  proto.linkProgram = function linkProgram(this: Patched, program: WebGLProgram) {
    native.linkProgram.call(this, program);
    if (hasNative(this)) return;
    const sync = this.fenceSync(this.SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (sync) {
      this.flush();
      fences(this).set(program, sync);
    }
  };
  proto.getProgramParameter = function getProgramParameter(this: Patched, program: WebGLProgram, pname: number) {
    if (pname !== COMPLETION_STATUS_KHR || hasNative(this)) return native.getProgramParameter.call(this, program, pname);
    const sync = fences(this).get(program);
    if (!sync) return true;
    const status = this.clientWaitSync(sync, 0, 0);
    if (status === this.TIMEOUT_EXPIRED) return false;
    this.deleteSync(sync);
    fences(this).delete(program);
    return true;
  };
  proto.getShaderParameter = function getShaderParameter(this: WebGL2RenderingContext, shader: WebGLShader, pname: number) {
    if (pname === COMPLETION_STATUS_KHR && !hasNative(this)) return true;
    return native.getShaderParameter.call(this, shader, pname);
  };
}
