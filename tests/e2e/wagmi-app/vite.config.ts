import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  // portico's kernel uses legacy decorators with metadata (tsyringe); they are compiled in the package already.
  build: { target: 'es2022' },
})
