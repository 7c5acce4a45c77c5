import { describe, expect, it } from 'vitest'
import { imageContent, selectedImage } from './image'

describe('imageContent', () => {
  it('makes a figure when there is a caption', () => {
    expect(imageContent({ src: '/m/a.png', alt: ' A cat ', caption: ' Our cat ' })).toEqual({
      type: 'figure',
      attrs: { src: '/m/a.png', alt: 'A cat', caption: 'Our cat' },
    })
  })

  it('makes a plain image without one', () => {
    expect(imageContent({ src: '/m/a.png', alt: 'A cat', caption: '  ' })).toEqual({ type: 'image', attrs: { src: '/m/a.png', alt: 'A cat' } })
  })
})

describe('selectedImage', () => {
  it('reads figures and images, nothing else', () => {
    expect(selectedImage({ type: { name: 'figure' }, attrs: { src: '/a', alt: 'A', caption: 'C' } })).toEqual({ src: '/a', alt: 'A', caption: 'C' })
    expect(selectedImage({ type: { name: 'image' }, attrs: { src: '/a', alt: null } })).toEqual({ src: '/a', alt: '', caption: '' })
    expect(selectedImage({ type: { name: 'paragraph' }, attrs: {} })).toBeNull()
    expect(selectedImage(null)).toBeNull()
  })
})
